/** One card of the account page: a heading, an optional line about it, and its controls. */
import { useId, type ReactNode } from 'react';
import './account-page.css';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}

export function SettingsSection({ title, description, tone, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section className="account-section" data-tone={tone} aria-labelledby={id}>
      <div className="account-section__head">
        <h2 id={id} className="account-section__title">
          {title}
        </h2>
        {description && <p className="account-section__description">{description}</p>}
      </div>
      {children}
    </section>
  );
}
