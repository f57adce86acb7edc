import { describe, expect, it } from 'vitest';
import { domainsOf, emailSuggestions } from './emailSuggestions';

describe('e-mail recipient suggestions (product document, section 5)', () => {
  it('offers the common hosts after the local part, the space’s own domains first', () => {
    expect(emailSuggestions('marta')).toEqual(['marta@gmail.com', 'marta@hotmail.com', 'marta@outlook.com', 'marta@yahoo.es']);
    expect(emailSuggestions('marta@', ['hotel-sol.es'])[0]).toBe('marta@hotel-sol.es');
  });

  it('narrows to the hosts that start with what follows "@", and stops once one is complete', () => {
    expect(emailSuggestions('marta@ho', ['hotel-sol.es'])).toEqual(['marta@hotel-sol.es', 'marta@hotmail.com']);
    expect(emailSuggestions('marta@gmail.com')).toEqual([]);
    expect(emailSuggestions('marta@nowhere')).toEqual([]);
  });

  it('nothing for an empty entry or one with spaces; domains read from known addresses', () => {
    expect(emailSuggestions('')).toEqual([]);
    expect(emailSuggestions('marta ruiz')).toEqual([]);
    expect(emailSuggestions('@gm')).toEqual([]);
    expect(domainsOf(['ana@Hotel-Sol.es', 'user-id-123', null, 'bad@'])).toEqual(['hotel-sol.es']);
  });
});
