import * as contracts from '@gk/contracts';
import { newsEndpoints, newsResource } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { plainContractsCode, plainData } from '../../vite-plugin-contracts';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('the contracts as plain data (`*.contracts.ts` in a build)', () => {
  it('keeps a resource description but its schemas', () => {
    const data = plainData(newsResource, 'newsResource', fail) as Record<string, unknown>;
    expect(data.save).toBeUndefined();
    const { save: _schema, ...rest } = newsResource;
    expect(data).toEqual(JSON.parse(JSON.stringify(rest)));
    expect(JSON.stringify(data)).not.toContain('_zod');
  });

  it('keeps an endpoint table as it is', () => {
    expect(plainData(newsEndpoints, 'newsEndpoints', fail)).toEqual(newsEndpoints);
  });

  it('stops the build on a function or a class instance, naming where it is', () => {
    expect(() => plainData({ a: { b: () => 1 } }, 'x', fail)).toThrow('x.a.b is a function');
    expect(() => plainData({ at: new Date(0) }, 'x', fail)).toThrow('x.at is not a plain object');
  });

  it("makes a detail screen's resource with its save schema's facts (`formResource(contracts.NAME)`)", () => {
    const source = [
      "import * as contracts from '@gk/contracts';",
      'export const newsResource: FormResource = formResource(contracts.newsResource);',
      'export const newsEndpoints = contracts.newsEndpoints;',
    ].join('\n');
    const code = plainContractsCode(contracts, source, fail);
    const values = Object.fromEntries(
      [...code.matchAll(/^export const (\w+) = \/\*#__PURE__\*\/ JSON\.parse\((.*)\);$/gm)].map(([, name, json]) => [
        name,
        JSON.parse(JSON.parse(json!)),
      ]),
    );
    expect(Object.keys(values)).toEqual(['newsResource', 'newsEndpoints']);
    expect(values.newsResource.save).toBeUndefined();
    expect(values.newsResource.form.required).toEqual(expect.arrayContaining(['title', 'type']));
    expect(values.newsResource.form.required).not.toContain('summary');
    expect(values.newsEndpoints).toEqual(newsEndpoints);
    expect(() => plainContractsCode(contracts, 'export const x = somethingElse(contracts.newsResource);', fail)).toThrow(
      'x: only `contracts.NAME` or `formResource(contracts.NAME)` may be exported',
    );
  });
});
