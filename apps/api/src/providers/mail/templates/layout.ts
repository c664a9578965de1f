import { PRODUCT_NAME, SUPPORT_EMAIL } from '@coincard/shared';

export type Rendered = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'code'; code: string };

/** One layout for every mail: the same blocks rendered as HTML and as plain text. */
export function renderMail(subject: string, heading: string, blocks: Block[]): Rendered {
  const textBody = blocks
    .map((block) => {
      if (block.kind === 'p') return block.text;
      if (block.kind === 'button') return `${block.label}: ${block.url}`;
      return block.code;
    })
    .join('\n\n');
  const htmlBody = blocks
    .map((block) => {
      if (block.kind === 'p') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
      if (block.kind === 'button') {
        return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#3b3fb6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
      }
      return `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace">${escapeHtml(block.code)}</p>`;
    })
    .join('');
  const footer = `${PRODUCT_NAME} · Questions? ${SUPPORT_EMAIL}`;
  return {
    subject: `${subject} · ${PRODUCT_NAME}`,
    text: `${heading}\n\n${textBody}\n\n--\n${footer}\n`,
    html: `<!doctype html><html><body style="margin:0;background:#f4f5fb;font-family:Inter,Arial,sans-serif;color:#1b1d3a"><div style="max-width:520px;margin:0 auto;padding:32px 24px"><p style="font-weight:700;font-size:20px;color:#3b3fb6;margin:0 0 24px">${PRODUCT_NAME}</p><div style="background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>${htmlBody}</div><p style="font-size:12px;color:#777;margin-top:24px">${escapeHtml(footer)}</p></div></body></html>`,
  };
}
