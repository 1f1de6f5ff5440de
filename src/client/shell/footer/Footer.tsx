/**
 * The footer (docs/product/shell.md#footer): the Contact line (a mail link and the contact form), the
 * social links as icons, and the legal and support links.
 */
import { useSyncExternalStore } from 'react';
import { Link } from '../../lib/navigation/router';
import { paths } from '#shared/paths';
import { siteContent } from '../../lib/site-content';
import { MailIcon } from '../../ui/icons';
import { ExternalLink } from '../../ui/ExternalLink';
import { SOCIAL_ICONS } from './social-icons';
import './footer.css';

const unchanging = () => () => {};

/**
 * This year; while a prerendered page hydrates, the year it was built in (the very text the server
 * sent), so a page built last December hydrates cleanly and then shows the new year.
 */
function useYear(): number {
  return useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function Footer() {
  const { contact, socialLinks, creatorName } = siteContent();
  return (
    <footer className="site-footer" lang="en">
      <div className="site-footer__inner">
        <p className="site-footer__contact">
          <MailIcon className="site-footer__contact-icon" />
          <span>
            {contact.text} <a href={`mailto:${contact.email}`}>{contact.email}</a> or use the{' '}
            <Link to={paths.contact}>contact form</Link>.
          </span>
        </p>

        {socialLinks.length > 0 && (
          <ul className="site-footer__social" aria-label="Social links">
            {socialLinks.map((link) => {
              const Icon = SOCIAL_ICONS[link.kind];
              return (
                <li key={link.kind}>
                  <ExternalLink
                    href={link.url}
                    className="social-link"
                    aria-label={link.label}
                    title={link.label}
                  >
                    <Icon size={22} />
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        )}

        <div className="site-footer__bottom">
          <nav aria-label="Legal and support">
            <ul className="site-footer__links">
              <li>
                <Link to={paths.termsOfService}>Terms of service</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy}>Privacy policy</Link>
              </li>
              <li>
                <Link to={paths.support}>Support</Link>
              </li>
            </ul>
          </nav>
          <p className="site-footer__copyright">
            © {useYear()} {creatorName}
          </p>
        </div>
      </div>
    </footer>
  );
}
