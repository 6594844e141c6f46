import crypto from 'node:crypto';
import { id, SITE_KEY_PREFIX, siteKeyEndpoints, siteKeyResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import { Crud } from '../../crud/service.js';
import { ok } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';

/** a new key: `gks_` and 32 random bytes as base64url (43 characters) */
export const newSiteKey = (): string => `${SITE_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

/**
 * What is stored of a key: its SHA-256, hex. A key is 256 random bits, so a fast hash is enough: nobody can try
 * keys against it (a password hash's slowness protects guessable secrets, which a key is not).
 */
export const hashSiteKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** the characters of a key the list shows: `gks_` and 8 more */
const prefixOf = (key: string) => key.slice(0, SITE_KEY_PREFIX.length + 8);

/**
 * 系统管理 › 站点密钥 (issue 23): the list from the description; a save creating a key makes the key here, stores
 * its hash and prefix, and answers the key in that reply only (a save with an id renames it, or changes its mode);
 * 撤销 sets `revoked` through the write pipeline (operation log; the change bus tells every process to forget the
 * keys it checked, `invalidates: ['delivery']`). The delivery API checks keys (modules/delivery/site-keys.ts).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const { save: saveEndpoint, ...endpoints } = siteKeyResource.endpoints;
  const crud = registerResource(api, ctx, { ...siteKeyResource, endpoints });

  addRoute(api, ctx, {
    endpoint: saveEndpoint!,
    input: 'body',
    handler: async (_i, req) => {
      // made before the write, known to this save only: its hooks put the hash in the row, the reply carries the key
      const key = newSiteKey();
      let created = false;
      const writer = new Crud(ctx, siteKeyResource, {
        beforeSave: (values, { existing }) => {
          if (existing) return values;
          created = true;
          return {
            ...values,
            keyPrefix: prefixOf(key),
            keyHash: hashSiteKey(key),
            createBy: req.user?.userName ?? '',
            revoked: 0,
          };
        },
      });
      const saved = await writer.save(rawInput(req, 'body'), req);
      return ok(req, created ? { ...saved, key } : saved, 'common.saved');
    },
  });

  addRoute(api, ctx, {
    endpoint: siteKeyEndpoints.revoke,
    schema: z.object({ id: id() }),
    handler: async ({ id: keyId }, req) => {
      await crud.toggle('revoked', keyId, 1, req);
      return ok(req, await crud.mustGet(keyId), 'siteKey.revokeDone');
    },
  });
}
