/**
 * Choose one of the four selectable avatars (docs/product/accounts.md#avatars: 0–3, default 2): a radio
 * group, so arrow keys move between them and each radio is named by its avatar ("Avatar 3 (bear)").
 */
import { useId } from 'react';
import { Avatar } from '../../ui/avatars/Avatar';
import { SELECTABLE_AVATARS } from '../../ui/avatars/avatar-list';
import './accounts.css';

const CHOICES = Array.from({ length: SELECTABLE_AVATARS }, (_, index) => index);

interface AvatarPickerProps {
  value: number;
  onChange: (avatar: number) => void;
  legend?: string;
  size?: number;
}

export function AvatarPicker({ value, onChange, legend = 'Avatar', size = 56 }: AvatarPickerProps) {
  const name = useId();
  return (
    <fieldset className="avatar-picker">
      <legend className="avatar-picker__legend">{legend}</legend>
      <div className="avatar-picker__choices">
        {CHOICES.map((index) => (
          <label key={index} className="avatar-picker__choice">
            <input
              type="radio"
              className="avatar-picker__input"
              name={name}
              value={index}
              checked={value === index}
              onChange={() => onChange(index)}
            />
            <Avatar index={index} size={size} className="avatar-picker__image" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
