import type { fieldConfigEndpoints, PAGE_SIZES, ResourceDef, uploadEndpoints } from '@gk/contracts';

/**
 * The table of `virtual:gk-lists` (vite-plugin-contracts.ts), made from the contracts: per resource with a list
 * endpoint, its list path, page size, model type and sortable fields — a projection of its `ResourceDef`
 * (same names), so the list's own functions (`listDefaults`) read either — and, for its details screen, its get
 * endpoint (`getReply: 'entity'`: a bare record) and whether it has rich text (the editor's code and settings).
 */
export function listsTable(contracts: Record<string, unknown>): ListsTable {
  const c = contracts as {
    PAGE_SIZES: typeof PAGE_SIZES;
    fieldConfigEndpoints: typeof fieldConfigEndpoints;
    uploadEndpoints: typeof uploadEndpoints;
  };
  const resources: ListsTable['resources'] = {};
  // every exported resource definition (allResources() leaves out the hand-built lists: logs, online users)
  const defs = Object.values(contracts).filter(
    (v): v is ResourceDef =>
      !!v &&
      typeof v === 'object' &&
      typeof (v as ResourceDef).name === 'string' &&
      Array.isArray((v as ResourceDef).fields) &&
      !!(v as ResourceDef).endpoints,
  );
  for (const r of defs) {
    const path = r.endpoints.list?.path;
    if (!path) continue;
    const get = r.endpoints.get?.path;
    resources[r.name] = {
      path,
      ...(r.pageSize ? { pageSize: r.pageSize } : {}),
      ...(r.modelType ? { modelType: r.modelType } : {}),
      fields: r.fields.filter((f) => f.sortable).map((f) => ({ name: f.name, sortable: true as const })),
      ...(get ? { get: { path: get, ...(r.getReply === 'entity' ? { entity: true as const } : {}) } } : {}),
      ...(r.fields.some((f) => f.type === 'html') ? { richText: true as const } : {}),
    };
  }
  return {
    resources,
    pageSizes: [...c.PAGE_SIZES],
    fieldConfigPath: c.fieldConfigEndpoints.get.path,
    editorConfigPath: c.uploadEndpoints.config.path,
  };
}

export interface ListsTable {
  resources: Record<
    string,
    {
      path: string;
      pageSize?: number;
      modelType?: string;
      fields: { name: string; sortable: true }[];
      get?: { path: string; entity?: true };
      richText?: true;
    }
  >;
  pageSizes: number[];
  fieldConfigPath: string;
  /** the rich-text editor's settings (components/richtext/editorConfig.ts) */
  editorConfigPath: string;
}
