import { describe, expect, it } from 'vitest';
import { blobToVector, dot, dotBlob, EMBEDDING_DIMENSIONS, embedText, vectorToBlob } from './embedding.js';

describe('embedText', () => {
  it('returns a deterministic, L2-normalised 1024-dimensional vector', () => {
    const a = embedText('How do I pay a traffic ticket?');
    const b = embedText('How do I pay a traffic ticket?');
    expect(a).toHaveLength(EMBEDDING_DIMENSIONS);
    expect([...a]).toEqual([...b]);
    expect(dot(a, a)).toBeCloseTo(1, 5);
  });

  it('folds accents and case', () => {
    expect(dot(embedText('Información del TRIBUNAL'), embedText('informacion del tribunal'))).toBeCloseTo(
      1,
      5,
    );
  });

  it('places related texts closer than unrelated ones', () => {
    const q = embedText('paying traffic tickets online', 'search_query');
    const near = embedText('You can pay your traffic ticket online or by mail.');
    const far = embedText('Jury duty summons: how to postpone your service.');
    expect(dot(q, near)).toBeGreaterThan(dot(q, far) + 0.1);
  });

  it('gives text without letters or digits a unit vector', () => {
    const v = embedText('!!! ???');
    expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(dot(embedText(''), embedText(''))).toBeCloseTo(1, 5);
  });

  it('round-trips through a blob', () => {
    const v = embedText('small claims');
    expect([...blobToVector(vectorToBlob(v))]).toEqual([...v]);
  });

  it('scores a blob without copying it, aligned or not', () => {
    const q = embedText('small claims filing fee', 'search_query');
    const v = embedText('Small claims: the filing fee can be waived.');
    const blob = vectorToBlob(v);
    expect(dotBlob(q, blob)).toBe(dot(q, blobToVector(blob)));
    const shifted = Buffer.alloc(blob.byteLength + 1);
    blob.copy(shifted, 1);
    expect(dotBlob(q, shifted.subarray(1))).toBe(dot(q, v));
  });
});
