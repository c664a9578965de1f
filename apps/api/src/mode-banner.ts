import type { Config } from './config.js';

const RULE = `  ${'='.repeat(78)}`;

/** The start-up banner's first lines: which mode runs and what it means, impossible to miss in a log. */
export function modeBanner(config: Config): string[] {
  if (config.demoMode) {
    return [
      RULE,
      '  DEMO MODE: NOT FOR REAL MONEY OR REAL USERS',
      '  - the sandbox payment provider and card issuer create money and cards on request',
      ...(config.usesDevOutbox ? ['  - every mail is readable by anyone in the dev outbox at /dev/outbox'] : []),
      ...(config.seedDemo ? ['  - demo logins with published passwords are created'] : []),
      '  A real deployment sets DEMO_MODE=false (docs/operations.md, "Deployment modes").',
      RULE,
    ];
  }
  return [
    RULE,
    '  LIVE MODE: real payment provider and card issuer, mail over SMTP;',
    '  no dev outbox, no sandboxes, no demo logins.',
    RULE,
  ];
}
