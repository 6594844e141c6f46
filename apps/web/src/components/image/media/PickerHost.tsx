import type { MediaRow } from '@gk/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';

/** the picker's code, fetched the first time a picker opens (the list and detail screens' budgets hold) */
const MediaPicker = lazy(() => import('./MediaPicker'));

/** Renders the library picker once it has been opened (its module loads then), inside its own Suspense. */
export function PickerHost({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (row: MediaRow) => void }) {
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <MediaPicker open={open} onClose={onClose} onPick={onPick} />
    </Suspense>
  );
}
