import { newsEndpoints, newsResource } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { plainData } from '../../vite-plugin-contracts';

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
});
