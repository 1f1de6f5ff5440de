/**
 * Passkeys on /account (docs/product/accounts.md#passkeys): the account's passkeys with when each was
 * added and last used and whether it is synced; add one (the server names it after the device, and
 * it is renamed in place), rename, remove (asked first). A session older than 15 minutes sends the
 * current password along, asked for here. A browser without WebAuthn sees the list, and one line
 * why nothing can be added. `PasskeyOffer` is the short call to action at the top of the page while
 * the account has none (right after sign-up, say). @simplewebauthn/browser loads with this page,
 * not with the site's first page.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PASSKEY_MESSAGES,
  passkeyNameSchema,
  type PasskeyList,
  type PasskeyView,
} from '#shared/passkey-schemas';
import { formatDate } from '../../lib/date-format';
import { passkeysSupported } from '../../lib/passkeys';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import type { FormProblem } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { addPasskey, fetchPasskeys, removePasskey, renamePasskey } from '../../lib/passkeys-api';
import { passkeyProblem } from '../../ui/form/passkey-problem';
import { SettingsSection } from './SettingsSection';

export interface PasskeysState {
  list: PasskeyList | null;
  loadProblem: FormProblem | null;
  /** null while checking the browser. */
  supported: boolean | null;
  reload: () => void;
  replace: (update: (passkeys: PasskeyView[]) => PasskeyView[]) => void;
}

/** The account's passkeys and whether this browser can add one; shared by the offer and the section. */
export function usePasskeys(): PasskeysState {
  const [list, setList] = useState<PasskeyList | null>(null);
  const [loadProblem, setLoadProblem] = useState<FormProblem | null>(null);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPasskeys(controller.signal).then(
      (loaded) => {
        setList(loaded);
        setLoadProblem(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadProblem(passkeyProblem(error));
      },
    );
    return () => controller.abort();
  }, [round]);

  useEffect(() => {
    let current = true;
    passkeysSupported().then(
      (yes) => current && setSupported(yes),
      () => current && setSupported(false),
    );
    return () => {
      current = false;
    };
  }, []);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback(
    (update: (passkeys: PasskeyView[]) => PasskeyView[]) =>
      setList((current) => current && { ...current, passkeys: update(current.passkeys) }),
    [],
  );
  return { list, loadProblem, supported, reload, replace };
}

/** A short call to action while the account has no passkey and this browser can add one. */
export function PasskeyOffer({ state }: { state: PasskeysState }) {
  const [hidden, setHidden] = useState(false);
  const { list, supported } = state;
  if (hidden || !supported || !list || list.passkeys.length > 0) return null;
  return (
    <div className="passkey-offer" role="note" aria-label="Add a passkey">
      <p className="passkey-offer__text">
        Log in next time with your fingerprint, face or screen lock: add a passkey.
      </p>
      <div className="passkey-offer__actions">
        <Button
          variant="primary"
          onClick={() => {
            const add = document.getElementById(ADD_BUTTON_ID);
            add?.scrollIntoView({ block: 'center' });
            add?.click();
          }}
        >
          Add a passkey
        </Button>
        <Button variant="ghost" onClick={() => setHidden(true)}>
          Not now
        </Button>
      </div>
    </div>
  );
}

const ADD_BUTTON_ID = 'account-add-passkey';

function usedLine(passkey: PasskeyView): string {
  const added = `Added ${formatDate(passkey.createdAt)}`;
  const used = passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'never used';
  return `${added} · ${used}`;
}

export function PasskeysSection({ state }: { state: PasskeysState }) {
  const { list, loadProblem, supported, reload, replace } = state;
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const needsPassword = askPassword || Boolean(list?.passwordNeeded);

  async function add(event?: FormEvent) {
    event?.preventDefault();
    if (adding) return;
    if (needsPassword && password === '') {
      setAskPassword(true);
      setProblem({ field: 'password', message: PASSKEY_MESSAGES.passwordNeeded });
      passwordRef.current?.focus();
      return;
    }
    setAdding(true);
    setProblem(null);
    setNotice(null);
    try {
      const passkey = await addPasskey(needsPassword ? password : undefined);
      replace((passkeys) => [...passkeys.filter((p) => p.id !== passkey.id), passkey]);
      setPassword('');
      setAskPassword(false);
      setNotice(`Added “${passkey.name}”. You can log in with it now.`);
      setRenaming(passkey.id);
      reload();
    } catch (error) {
      const next = passkeyProblem(error, ['password']);
      if (next.field === 'password') {
        setAskPassword(true);
        requestAnimationFrame(() => passwordRef.current?.focus());
      }
      setProblem(next);
    } finally {
      setAdding(false);
    }
  }

  const passkeys = list?.passkeys ?? [];
  return (
    <SettingsSection
      title="Passkeys"
      description="Log in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device or in its password manager; nobody can type it into a fake site."
    >
      {loadProblem && !list && (
        <FormMessage
          tone="error"
          action={
            <Button variant="ghost" onClick={reload}>
              Try again
            </Button>
          }
        >
          {loadProblem.message}
        </FormMessage>
      )}
      {list === null && !loadProblem && (
        <p className="passkeys__loading" aria-busy="true">
          Loading your passkeys…
        </p>
      )}
      {list && passkeys.length === 0 && (
        <p className="passkeys__empty">
          No passkeys yet.{supported === false ? '' : ' Add one to log in without your password.'}
        </p>
      )}
      {passkeys.length > 0 && (
        <ul className="passkeys__list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              renaming={renaming === passkey.id}
              onRenaming={(on) => setRenaming(on ? passkey.id : null)}
              onChanged={(next) =>
                replace((all) => all.map((p) => (p.id === passkey.id ? next : p)))
              }
              onRemoved={() => {
                replace((all) => all.filter((p) => p.id !== passkey.id));
                setNotice(`Removed “${passkey.name}”. It no longer logs in here.`);
              }}
            />
          ))}
        </ul>
      )}
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {supported === false ? (
        <p className="passkeys__unsupported">
          {PASSKEY_MESSAGES.unsupported} Open this page in a recent browser to add one.
        </p>
      ) : (
        list && (
          <form className="form passkeys__add" noValidate onSubmit={(event) => void add(event)}>
            {needsPassword && (
              <TextField
                ref={passwordRef}
                label="Current password"
                name="password"
                type="password"
                autoComplete="current-password"
                hint="You logged in a while ago, so adding a passkey asks for your password."
                value={password}
                error={problem?.field === 'password' ? problem.message : null}
                onValueChange={(value) => {
                  setPassword(value);
                  if (problem?.field === 'password') setProblem(null);
                }}
              />
            )}
            {problem?.field !== 'password' && (
              <ProblemMessage problem={problem} errorName="handleAddPasskey" />
            )}
            <div className="account-form__actions account-form__actions--start">
              <Button
                id={ADD_BUTTON_ID}
                type="submit"
                variant={passkeys.length === 0 ? 'primary' : 'secondary'}
                loading={adding}
                disabled={supported === null}
              >
                Add a passkey
              </Button>
            </div>
          </form>
        )
      )}
    </SettingsSection>
  );
}

interface PasskeyItemProps {
  passkey: PasskeyView;
  renaming: boolean;
  onRenaming: (on: boolean) => void;
  onChanged: (passkey: PasskeyView) => void;
  onRemoved: () => void;
}

function PasskeyItem({ passkey, renaming, onRenaming, onChanged, onRemoved }: PasskeyItemProps) {
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem({ field: 'name', message: PASSKEY_MESSAGES.nameFormat });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const renamed = await renamePasskey(passkey.id, parsed.data);
      onChanged(renamed);
      setName(renamed.name);
      onRenaming(false);
      requestAnimationFrame(() => renameButton.current?.focus());
    } catch (error) {
      setProblem(passkeyProblem(error, ['name']));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await removePasskey(passkey.id);
      onRemoved();
    } catch (error) {
      setProblem(passkeyProblem(error));
      setBusy(false);
    }
  }

  return (
    <li className="passkeys__item">
      {renaming ? (
        <form className="passkeys__rename" noValidate onSubmit={(event) => void rename(event)}>
          <TextField
            label="Passkey name"
            name="name"
            value={name}
            maxLength={80}
            error={problem?.field === 'name' ? problem.message : null}
            onValueChange={(value) => {
              setName(value);
              if (problem?.field === 'name') setProblem(null);
            }}
            // The one field of the rename the person just opened.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setName(passkey.name);
                setProblem(null);
                onRenaming(false);
              }
            }}
          />
          <div className="passkeys__actions">
            <Button type="submit" variant="primary" loading={busy}>
              Save name
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setName(passkey.name);
                setProblem(null);
                onRenaming(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="passkeys__row">
          <div className="passkeys__text">
            <p className="passkeys__name">{passkey.name}</p>
            <p className="passkeys__meta">{usedLine(passkey)}</p>
            <p className="passkeys__badges">
              <span className="account-badge" data-tone={passkey.synced ? 'success' : undefined}>
                {passkey.synced ? 'Synced to your devices' : 'On one device'}
              </span>
              {passkey.desk && <span className="account-badge">Opens the desk</span>}
            </p>
          </div>
          {!confirming && (
            <div className="passkeys__actions">
              <Button ref={renameButton} variant="ghost" onClick={() => onRenaming(true)}>
                Rename
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </div>
          )}
        </div>
      )}
      {confirming && (
        <div className="passkeys__confirm" role="group" aria-label={`Remove ${passkey.name}?`}>
          <p className="passkeys__meta">
            Remove “{passkey.name}”? It stops signing in here at once; the copy on your device stays
            until you delete it there.
          </p>
          <div className="passkeys__actions">
            <Button variant="primary" loading={busy} onClick={() => void remove()}>
              Remove for good
            </Button>
            <Button
              ref={keepButton}
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setProblem(null);
              }}
            >
              Keep
            </Button>
          </div>
        </div>
      )}
      {problem && problem.field !== 'name' && (
        <ProblemMessage problem={problem} errorName="handlePasskey" />
      )}
    </li>
  );
}
