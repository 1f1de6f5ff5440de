/**
 * Profile on /account: avatar (the four selectable), username (the shared username rules) and bio
 * (required once edited, at most 30000 characters). Only changed fields are sent; "Saved." confirms.
 * A change arriving from elsewhere (another tab, the live stream) replaces the fields unless the
 * visitor is editing them.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  TEXT_AREA_MAX_LENGTH,
  bioSchema,
  usernameSchema,
  type UserInfo,
} from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { useAuth } from '../../lib/auth/use-auth';
import { avatarIndex } from '../../ui/avatars/avatar-list';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/form/Field';
import { FormMessage } from '../../ui/form/FormMessage';
import { updateMe, type MePatch } from './api';
import { AvatarPicker } from './AvatarPicker';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { SettingsSection } from './SettingsSection';
import { useFormProblem } from '../../ui/form/use-form-problem';

const FIELDS = ['avatar', 'username', 'bio'] as const;

interface ProfileValues {
  avatar: number;
  username: string;
  bio: string;
}

const valuesOf = (info: UserInfo): ProfileValues => ({
  avatar: avatarIndex(info.avatar),
  username: info.username,
  bio: info.bio,
});

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Invalid value.');
}

export function ProfileSection({ info }: { info: UserInfo }) {
  const { setUserInfo } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [values, setValues] = useState(() => valuesOf(info));
  const [base, setBase] = useState(info);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const saved0 = valuesOf(base);
  const dirty =
    values.avatar !== saved0.avatar ||
    values.username !== saved0.username ||
    values.bio !== saved0.bio;

  // A newer user info (saved here, or changed elsewhere) becomes the base; untouched fields follow it.
  if (info !== base) {
    setBase(info);
    if (!dirty) setValues(valuesOf(info));
  }

  function update<K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(false);
    clearFor(field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const username = values.username.trim();
    const patch: MePatch = {};
    if (username !== info.username) {
      const message = firstMessage(usernameSchema.safeParse(username));
      if (message) return showFieldError({ field: 'username', message });
      patch.username = username;
    }
    if (values.bio !== info.bio) {
      const message = firstMessage(bioSchema.safeParse(values.bio));
      if (message) return showFieldError({ field: 'bio', message });
      patch.bio = values.bio.trim();
    }
    if (values.avatar !== avatarIndex(info.avatar)) patch.avatar = values.avatar;
    setProblem(null);
    if (Object.keys(patch).length === 0) {
      setSaved(true);
      return;
    }
    setSaving(true);
    try {
      const user = await updateMe(patch);
      setValues(valuesOf(user));
      setUserInfo(user);
      setSaved(true);
    } catch (error) {
      setProblem(problemFromError(error, FIELDS, COPY.somethingWentWrongForm));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection title="Profile" description="How you appear on the site.">
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
        <AvatarPicker value={values.avatar} onChange={(avatar) => update('avatar', avatar)} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onValueChange={(value) => update('username', value)}
          error={errorFor('username')}
          hint="2 to 20 characters: letters, numbers, spaces and . _ -"
        />
        <TextAreaField
          label="Bio"
          name="bio"
          value={values.bio}
          onValueChange={(value) => update('bio', value)}
          error={errorFor('bio')}
          max={TEXT_AREA_MAX_LENGTH}
          rows={4}
        />
        <ProblemMessage problem={problem} errorName="handleAvatar" />
        {saved && <FormMessage tone="success">Saved.</FormMessage>}
        <div className="account-form__actions account-form__actions--end">
          <Button type="submit" variant="primary" loading={saving}>
            Save profile
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
