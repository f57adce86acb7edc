import { describe, expect, it } from 'vitest';
import { spaceSlug } from './spaces.js';

describe('spaceSlug', () => {
  it('keeps the letters of accented names', () => {
    expect(spaceSlug('Cámara de carnes')).toBe('camara-de-carnes');
    expect(spaceSlug('Cocina — Planta 1ª')).toBe('cocina-planta-1a');
    expect(spaceSlug('Piscina Ñandú / Niños')).toBe('piscina-nandu-ninos');
    expect(spaceSlug('Àrea d’Emmagatzematge')).toBe('area-d-emmagatzematge');
  });
  it('is empty when nothing readable is left, and at most 60 characters with no trailing hyphen', () => {
    expect(spaceSlug('¿¡!?')).toBe('');
    const long = spaceSlug(`${'a'.repeat(59)} b`);
    expect(long).toBe('a'.repeat(59));
    expect(spaceSlug('x'.repeat(100))).toHaveLength(60);
  });
});
