/**
 * The indicator pages' Free trial and Purchase pop-up: the form of that product and kind
 * (docs/product/offerings.md#free-trials-and-purchases). The frame opens at once; the form, with the shared
 * schemas it brings, is a lazily loaded chunk, so neither weighs on the shell's first load. app/
 * registers it with the shell's host, which mounts it fresh for every open, so a reopened form
 * starts empty.
 */
import {
  ACCESS_KIND_LABELS,
  INDICATORS,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import { usePopups } from '../../lib/popups/use-popups';
import { lazyBody, LazyPopupBody } from '../../ui/LazyPopupBody';
import { Popup } from '../../ui/Popup';

interface RequestProps {
  product: IndicatorProduct;
  kind: AccessKind;
}

/** The form's chunk: `INDICATOR_FORM.preload()` starts loading it before the pop-up opens. */
export const INDICATOR_FORM = lazyBody<RequestProps>(() =>
  import('./IndicatorRequest').then((module) => module.IndicatorRequest),
);

export function popupTitle(product: IndicatorProduct, kind: AccessKind): string {
  return kind === 'freeTrial'
    ? `${ACCESS_KIND_LABELS.freeTrial}: ${INDICATORS[product].title}`
    : `Purchase ${INDICATORS[product].title}`;
}

export function IndicatorFormPopup({ product, kind, ...slot }: PopupSlotProps & RequestProps) {
  const { close } = usePopups();
  return (
    <Popup title={popupTitle(product, kind)} onClose={close} {...slot}>
      <LazyPopupBody
        body={INDICATOR_FORM}
        loadingLabel="Loading the form"
        props={{ product, kind }}
      />
    </Popup>
  );
}
