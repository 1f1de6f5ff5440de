/** An email address field: the input type, autocomplete and keyboard the account forms ask for. */
import { TextField, type TextFieldProps } from './Field';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'label'> & {
  /** "Email" unless the form asks again ("Confirm email"). */
  label?: TextFieldProps['label'];
  /** "email" unless the form signs in ("username webauthn": passkeys among the suggestions). */
  autoComplete?: 'email' | 'username webauthn';
};

export function EmailField({ label = 'Email', autoComplete = 'email', ...rest }: EmailFieldProps) {
  return (
    <TextField label={label} type="email" autoComplete={autoComplete} inputMode="email" {...rest} />
  );
}
