import type { ContentHit } from '@gk/contracts';
import { createContext } from 'react';

/** the last content check's hits of the detail form (DetailPage provides them; the rich-text editor highlights them) */
export const ContentHitsContext = createContext<readonly ContentHit[]>([]);
