/** The two donation wallets (spec §3). Addresses and QR images arrive with the offerings release. */
import type { ComponentType, SVGProps } from 'react';
import { BitcoinIcon, EthereumIcon } from '../../ui/icons';
import type { WalletName } from '../popups/popup-state';

export interface WalletInfo {
  name: string;
  ticker: string;
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
}

export const WALLETS: Record<WalletName, WalletInfo> = {
  bitcoin: { name: 'Bitcoin', ticker: 'BTC', Icon: BitcoinIcon },
  ethereum: { name: 'Ethereum', ticker: 'ETH', Icon: EthereumIcon },
};
