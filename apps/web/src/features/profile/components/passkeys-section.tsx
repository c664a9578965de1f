import { MAX_PASSKEYS_PER_USER, PASSKEY_NAME_MAX_LENGTH, type Passkey, type PasskeyAssertion } from '@coincard/shared';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { IconFingerprint } from '../../../icons/IconFingerprint';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { passkeyProblem, passkeysSupported } from '../../../lib/passkeys';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { type FormErrors, formErrorsFrom, reportFormError } from '../api/form-errors';
import {
  useAddPasskeyMutation,
  usePasskeysQuery,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../api/passkeys';
import { stepUpBody, useSecondFactor } from '../api/step-up';
import { SettingsSection } from './settings-section';
import { StepUpFields } from './step-up-fields';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ADD_FIELDS = ['currentPassword', 'code', 'name', 'passkey'] as const;
type StepUpState = { currentPassword: string; code: string; passkey?: PasskeyAssertion | undefined };
const EMPTY: StepUpState = { currentPassword: '', code: '' };

/** The step-up a passkey change asks for, as the request carries it (the field is `password` on these endpoints). */
function stepUpOf(values: StepUpState, factor: ReturnType<typeof useSecondFactor>) {
  const body = stepUpBody(values, factor);
  return { password: body.currentPassword, code: body.code, passkey: body.passkey };
}

/** Name, step-up, then the browser's own prompt to make the passkey. */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskeyMutation();
  const factor = useSecondFactor();
  const [name, setName] = useState('');
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: FormErrors = {
      ...(name.trim() ? {} : { name: 'Give the passkey a name, like “Laptop” or “Phone”.' }),
      ...(stepUp.currentPassword ? {} : { currentPassword: 'Current password is required.' }),
    };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      focusFirstInvalid();
      return;
    }
    add.mutate(
      { name: name.trim(), ...stepUpOf(stepUp, factor) },
      {
        onSuccess: (response) => {
          notifySuccess(response.message, 'Passkey added');
          onDone();
        },
        onError: (error) => {
          setStepUp((current) => ({ ...current, passkey: undefined }));
          const words = passkeyProblem(error);
          if (words) setErrors({ passkey: words });
          else
            reportFormError(
              error,
              formErrorsFrom(error, ADD_FIELDS, { password: 'currentPassword' }),
              setErrors,
              focusFirstInvalid,
            );
        },
      },
    );
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={440}>
        <TextInput
          label="Passkey name"
          description="So you can tell your passkeys apart."
          placeholder="Laptop"
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors(({ name: _cleared, ...rest }) => rest);
          }}
          error={errors.name}
          data-autofocus
        />
        <StepUpFields
          value={stepUp}
          onChange={(next) => {
            setErrors(({ name: kept }) => (kept ? { name: kept } : {}));

            setStepUp({ currentPassword: next.currentPassword, code: next.code ?? '', passkey: next.passkey });
          }}
          factor={factor}
          errors={{ currentPassword: errors.currentPassword, code: errors.code }}
        />
        {errors.passkey ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errors.passkey}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Your browser then asks where to keep the passkey: this device, a security key, or your phone.
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={add.isPending} leftSection={<IconFingerprint size={16} aria-hidden />}>
            Create passkey
          </Button>
          <Button variant="subtle" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskeyMutation();
  const [name, setName] = useState(passkey.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    rename.mutate({ id: passkey._id, name: name.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={`New name for ${passkey.name}`}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={rename.error ? errorMessage(rename.error, 'The name could not be saved.') : null}
          style={{ flex: '1 1 200px' }}
          data-autofocus
        />
        <Button type="submit" disabled={!name.trim()} loading={rename.isPending}>
          Save
        </Button>
        <Button variant="subtle" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

function RemoveForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const remove = useRemovePasskeyMutation();
  const factor = useSecondFactor();
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stepUp.currentPassword) return;
    remove.mutate(
      { id: passkey._id, stepUp: stepUpOf(stepUp, factor) },
      {
        onSuccess: (response) => {
          notifySuccess(response.message, 'Passkey removed');
          onDone();
        },
        onError: (error) => {
          setStepUp((current) => ({ ...current, passkey: undefined }));
          reportFormError(
            error,
            formErrorsFrom(error, ['currentPassword', 'code'], { password: 'currentPassword', passkey: 'code' }),
            setErrors,
            focusFirstInvalid,
          );
        },
      },
    );
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={440}>
        <Text size="sm">Confirm it is you to remove “{passkey.name}”. Your other devices will be signed out.</Text>
        <StepUpFields
          value={stepUp}
          onChange={(next) => {
            setErrors({});
            setStepUp({ currentPassword: next.currentPassword, code: next.code ?? '', passkey: next.passkey });
          }}
          factor={factor}
          errors={{ currentPassword: errors.currentPassword, code: errors.code }}
        />
        <Group gap="sm">
          <Button type="submit" color="red" disabled={!stepUp.currentPassword} loading={remove.isPending}>
            Remove passkey
          </Button>
          <Button variant="subtle" onClick={onDone} disabled={remove.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Editing = { id: string; action: 'rename' | 'remove' } | null;

function PasskeyItem({
  passkey,
  editing,
  onEdit,
}: {
  passkey: Passkey;
  editing: Editing;
  onEdit: (next: Editing) => void;
}) {
  const action = editing?.id === passkey._id ? editing.action : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={passkey.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0}>
            <Group gap={6}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {passkey.name}
              </Text>
              {passkey.backedUp ? (
                <Badge variant="light" size="sm">
                  Synced
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              Added {when.format(new Date(passkey.createdAt))} · Last used{' '}
              {passkey.lastUsedAt ? when.format(new Date(passkey.lastUsedAt)) : 'never'}
            </Text>
          </Stack>
          {action ? null : (
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => onEdit({ id: passkey._id, action: 'rename' })}>
                Rename
              </Button>
              <Button
                variant="light"
                color="red"
                size="xs"
                onClick={() => onEdit({ id: passkey._id, action: 'remove' })}
              >
                Remove
              </Button>
            </Group>
          )}
        </Group>
        {action === 'rename' ? <RenameForm passkey={passkey} onDone={() => onEdit(null)} /> : null}
        {action === 'remove' ? <RemoveForm passkey={passkey} onDone={() => onEdit(null)} /> : null}
      </Stack>
    </Paper>
  );
}

/** Passkeys: add several (named), see when each was made and last used, rename or remove each. */
export function PasskeysSection() {
  const query = usePasskeysQuery();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const supported = passkeysSupported();
  const passkeys = query.data?.passkeys ?? [];

  const body = () => {
    if (query.isPending)
      return (
        <Stack gap="sm" role="status" aria-label="Loading your passkeys">
          <Skeleton h={58} radius="md" />
          <Skeleton h={36} w={160} radius="md" />
        </Stack>
      );
    if (query.isError)
      return <ErrorState message="Your passkeys could not be loaded." onRetry={() => query.refetch()} />;
    return (
      <Stack gap="md">
        {passkeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No passkeys yet.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyItem key={passkey._id} passkey={passkey} editing={editing} onEdit={setEditing} />
            ))}
          </Stack>
        )}
        {!supported ? (
          <Text size="sm" c="dimmed">
            This browser cannot make passkeys. Use a recent Chrome, Edge, Safari or Firefox.
          </Text>
        ) : adding ? (
          <AddPasskeyForm onDone={() => setAdding(false)} />
        ) : passkeys.length >= MAX_PASSKEYS_PER_USER ? (
          <Text size="sm" c="dimmed">
            You have {MAX_PASSKEYS_PER_USER} passkeys, the most an account can have. Remove one to add another.
          </Text>
        ) : (
          <Button
            w="fit-content"
            variant={passkeys.length === 0 ? 'filled' : 'light'}
            leftSection={<IconFingerprint size={16} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setAdding(true);
            }}
          >
            Add a passkey
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <SettingsSection
      id="passkey-settings"
      title="Passkeys"
      aside={
        passkeys.length > 0 ? (
          <Badge color="green" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
            {passkeys.length} active
          </Badge>
        ) : null
      }
      description="Sign in with your fingerprint, face or device PIN: nothing to type, and nothing a fake site can catch. A passkey also confirms it is you before sensitive actions."
    >
      {body()}
    </SettingsSection>
  );
}
