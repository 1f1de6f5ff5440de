/** An e-mail address field: the input type, autocomplete and keyboard the account forms ask for. */
import { TextField, type TextFieldProps } from './Field';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'label'> & {
  /** "Email" unless the form asks again ("Confirm email"). */
  label?: TextFieldProps['label'];
};

export function EmailField({ label = 'Email', ...rest }: EmailFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...rest} />;
}
