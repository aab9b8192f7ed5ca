import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { keepVaryTokens, mergeVary } from './vary';

describe('mergeVary', () => {
  it('keeps every token of both values once, whatever their case, in order', () => {
    expect(mergeVary('Accept', 'rsc, next-router-state-tree, accept')).toBe('Accept, rsc, next-router-state-tree');
    expect(mergeVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(mergeVary('', '')).toBe('');
  });

  it('answers * when either side varies on everything', () => {
    expect(mergeVary('Accept', '*')).toBe('*');
    // A list longer than nginx keeps an answer for (128 bytes) loses its optional spaces instead.
    const router = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';
    expect(mergeVary(router, 'Accept, Accept-Language, Cookie')).toBe(
      'rsc,next-router-state-tree,next-router-prefetch,next-router-segment-prefetch,Accept-Encoding,Accept,Accept-Language,Cookie',
    );
  });
});

describe('keepVaryTokens', () => {
  it('makes a later setHeader("Vary") add to the Vary already set (the resolver\'s Accept survives a page render)', () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    keepVaryTokens(res);
    res.setHeader('vary', 'Accept');
    res.setHeader('Vary', 'rsc, next-router-state-tree');
    expect(res.getHeader('vary')).toBe('Accept, rsc, next-router-state-tree');
    res.setHeader('Content-Type', 'text/html');
    expect(res.getHeader('content-type')).toBe('text/html');
  });
});
