/**
 * A crypto wallet pop-up (docs/product/shell.md#donation-and-wallets): the wallet's name and icon, its QR
 * image, the address, and Copy address, which reads Copied! for COPY_LABEL_RESET_MS. The back arrow
 * returns to the Donation pop-up.
 */
import { Suspense, use, useId, useRef, useState } from 'react';
import { COPY } from '#shared/copy';
import { COPY_LABEL_RESET_MS } from '#shared/timing';
import { Button } from '../../ui/Button';
import { CheckIcon, CopyIcon } from '../../ui/icons';
import { Popup } from '../../ui/Popup';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import type { WalletName } from '../../lib/popups/popup-state';
import { usePopups } from '../../lib/popups/use-popups';
import { contentPart } from '../../lib/site-content';
import { qrImage } from '../../lib/qr-image';
import { useStateThatClears } from '../../lib/use-state-that-clears';
import { WALLETS } from './wallets';
import './donate.css';

const COPY_FAILED =
  'Your browser did not let this site copy, so the address is selected: copy it with Ctrl+C (⌘C on a Mac) or your device’s Copy menu.';

export function WalletPopup({ wallet, ...slot }: PopupSlotProps & { wallet: WalletName }) {
  const { open, close } = usePopups();
  const { name, ticker, Icon, qrText } = WALLETS[wallet];
  const address = contentPart('donation').walletAddresses[wallet];
  const introId = useId();
  const addressRef = useRef<HTMLParagraphElement>(null);
  // A new token for each successful copy, so pressing again restarts the reset delay.
  const [copiedToken, setCopiedToken] = useStateThatClears<number>(COPY_LABEL_RESET_MS);
  const [copyFailed, setCopyFailed] = useState(false);

  async function copyAddress() {
    try {
      // Missing outside secure contexts and in some embedded browsers.
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(address);
      setCopyFailed(false);
      setCopiedToken((token) => (token ?? 0) + 1);
    } catch {
      if (addressRef.current) window.getSelection()?.selectAllChildren(addressRef.current);
      setCopiedToken(null);
      setCopyFailed(true);
    }
  }

  const copied = copiedToken !== null;
  return (
    <Popup
      title={name}
      onClose={close}
      onBack={() => open({ name: 'donation' })}
      describedBy={introId}
      {...slot}
    >
      <div className="wallet">
        <div className="wallet__intro">
          <span className="wallet__badge">
            <Icon size={32} />
          </span>
          <p id={introId} className="popup__text">
            Scan the code with your wallet app or copy the address. Please send only {ticker} on the{' '}
            {name} network to it.
          </p>
        </div>
        <div className="wallet__qr">
          <Suspense fallback={<span className="wallet__qr-pending" aria-hidden="true" />}>
            <QrCode text={qrText(address)} alt={`QR code for the ${name} address`} />
          </Suspense>
        </div>
        <div className="wallet__address-field">
          <span className="wallet__caption">{name} address</span>
          <p ref={addressRef} className="wallet__address" translate="no">
            {address}
          </p>
        </div>
        <Button variant="primary" fullWidth onClick={copyAddress}>
          {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
          {copied ? COPY.copied : COPY.copyAddress}
        </Button>
        {/* Present from the start, so screen readers announce what it later says. */}
        <p role="status" className="visually-hidden">
          {copied ? `${name} address copied.` : ''}
        </p>
        {copyFailed && (
          <p role="alert" className="wallet__note">
            {COPY_FAILED}
          </p>
        )}
      </div>
    </Popup>
  );
}

function QrCode({ text, alt }: { text: string; alt: string }) {
  const image = use(qrImage(text));
  if ('error' in image) {
    return (
      <p className="wallet__qr-error">
        The QR code could not be loaded. The address below works just the same.
      </p>
    );
  }
  return <img className="wallet__qr-image" src={image.src} alt={alt} width={200} height={200} />;
}
