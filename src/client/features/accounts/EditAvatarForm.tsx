/**
 * Edit avatar (docs/product/accounts.md#edit-avatar-and-username): each click on the avatar moves to the
 * next of the four (0, 1, 2, 3 and back to 0). Logged out the username is optional (it stays in this
 * browser); logged in it is the account's, which the server never lets go empty, so the field is
 * required as on /account. Save stores {avatar, username} in the browser's local user info and,
 * when logged in, on the account too; then the navigation shows the new avatar.
 * A failure to save on the account is reported as handleAvatar (docs/product/api.md#error-catalogue).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { usernameSchema } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { useAuth } from '../../lib/auth/use-auth';
import { readLocalUserInfo, saveLocalUserInfo } from '../../lib/current-user';
import { usePopups } from '../../lib/popups/use-popups';
import { Avatar } from '../../ui/avatars/Avatar';
import {
  SELECTABLE_AVATARS,
  avatarIndex,
  avatarName,
  nextSelectableAvatar,
} from '../../ui/avatars/avatar-list';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/Field';
import { RefreshIcon } from '../../ui/icons';
import { updateMe, type MePatch } from './api';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFocusFirstField } from '../../ui/form/use-focus-first-field';
import { useFormProblem } from '../../ui/form/use-form-problem';
import './accounts.css';

export function EditAvatarForm() {
  const { signedIn, info, setUserInfo } = useAuth();
  const { open } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [loading, setLoading] = useState(false);
  const [initial] = useState(() => {
    const local = readLocalUserInfo();
    return info
      ? { avatar: avatarIndex(info.avatar), username: info.username }
      : { avatar: avatarIndex(local.avatar), username: local.username };
  });
  const [avatar, setAvatar] = useState(initial.avatar);
  const [username, setUsername] = useState(initial.username);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  useFocusFirstField(formRef);
  const onAccount = signedIn === true;

  function cycle() {
    const next = nextSelectableAvatar(avatar);
    setAvatar(next);
    setAnnouncement(`${avatarName(next)} chosen.`);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const name = username.trim();
    // A name kept as it is is not checked again: one chosen before a rule came stays usable.
    if (onAccount ? name !== info?.username : name !== '') {
      const parsed = usernameSchema.safeParse(name);
      if (!parsed.success) {
        showFieldError({ field: 'username', message: parsed.error.issues[0]?.message ?? '' });
        return;
      }
    }
    setProblem(null);
    saveLocalUserInfo({ avatar, username: name });
    if (!onAccount) {
      open({ name: 'navigation' });
      return;
    }
    const patch: MePatch = {};
    // The fifth bundled avatar can be on an account (set by the owner) but is not offered here.
    if (avatar < SELECTABLE_AVATARS) patch.avatar = avatar;
    if (name !== info?.username) patch.username = name;
    setLoading(true);
    try {
      setUserInfo(await updateMe(patch));
      open({ name: 'navigation' });
    } catch (error) {
      setProblem(problemFromError(error, ['username'], COPY.somethingWentWrongForm));
      setLoading(false);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="avatar-cycler">
        <button
          type="button"
          className="avatar-cycler__button"
          aria-describedby={hintId}
          onClick={cycle}
        >
          <Avatar index={avatar} size={128} />
          <span className="avatar-cycler__badge" aria-hidden="true">
            <RefreshIcon size={16} />
          </span>
        </button>
        <p id={hintId} className="avatar-cycler__hint">
          Click the avatar to try the next one.
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </div>
      <TextField
        label="Username"
        labelNote={onAccount ? undefined : '(optional)'}
        name="username"
        autoComplete="username"
        value={username}
        onValueChange={(value) => {
          setUsername(value);
          clearFor('username');
        }}
        error={errorFor('username')}
      />
      <ProblemMessage problem={problem} errorName="handleAvatar" />
      <div className="account-form__actions">
        <Button type="submit" variant="primary" loading={loading}>
          Save
        </Button>
      </div>
    </form>
  );
}
