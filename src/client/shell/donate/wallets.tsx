/**
 * The two donation wallets (docs/product/shell.md#donation-and-wallets): name, icon and what their QR
 * code holds.
 */
import type { ComponentType, SVGProps } from 'react';
import { BitcoinIcon, EthereumIcon } from '../../ui/icons';
import type { WalletName } from '../../lib/popups/popup-state';

export interface WalletInfo {
  name: string;
  ticker: string;
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** The text the QR code encodes for an address. */
  qrText: (address: string) => string;
}

export const WALLETS: Record<WalletName, WalletInfo> = {
  // A BIP-21 payment URI: a phone's camera opens the Bitcoin wallet with the address filled in.
  bitcoin: {
    name: 'Bitcoin',
    ticker: 'BTC',
    Icon: BitcoinIcon,
    qrText: (address) => `bitcoin:${address}`,
  },
  // The plain address, which every Ethereum wallet scans (EIP-681 URIs are not read by all of them).
  ethereum: { name: 'Ethereum', ticker: 'ETH', Icon: EthereumIcon, qrText: (address) => address },
};
