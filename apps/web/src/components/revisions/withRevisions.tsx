import type { ResourceDef } from '@gk/contracts';
import type { ReactNode } from 'react';
import { RevisionsDrawer } from './RevisionsDrawer';

/** The DetailPage `headExtra` of a revisioned resource: its 历史版本 button and drawer. */
export const withRevisions =
  (resource: ResourceDef) =>
  ({ id, reload }: { id: string | number | null; reload: () => void }): ReactNode => (
    <RevisionsDrawer resource={resource} id={id} onRestored={reload} />
  );
