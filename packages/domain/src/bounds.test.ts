import { describe, expect, it } from 'vitest';
import { ZTemplateAnswer } from './audits.js';
import { boundProblem, BOUNDS, fieldBound, parseTypedNumber, readingBound } from './bounds.js';
import { ZIncidentTemplate, ZReadingRegistryConfig, ZSelectOption } from './templates.js';

describe('value bounds (decision 0026)', () => {
  it('an incident deduction is a percentage from 0 to 100', () => {
    expect(ZIncidentTemplate.safeParse({ name: 'x', riskLevel: 'high', deductionPercentage: 150 }).success).toBe(false);
    expect(ZIncidentTemplate.safeParse({ name: 'x', riskLevel: 'high', deductionPercentage: -100 }).success).toBe(false);
    expect(ZIncidentTemplate.safeParse({ name: 'x', riskLevel: 'high', deductionPercentage: 12.5 }).success).toBe(true);
    expect(boundProblem(150, BOUNDS.deductionPercentage)).toBe('tooLarge');
  });

  it('a service price has euros and cents up to 999,999.99', () => {
    expect(boundProblem(1e17, BOUNDS.servicePrice)).toBe('tooLarge');
    expect(boundProblem(140.5, BOUNDS.servicePrice)).toBeNull();
    expect(boundProblem(1.005, BOUNDS.servicePrice)).toBe('decimals');
  });

  it('number answers and readings refuse absurd values', () => {
    expect(ZTemplateAnswer.safeParse({ type: 'number', number: 1e20 }).success).toBe(false);
    expect(ZTemplateAnswer.safeParse({ type: 'number', number: 36.6 }).success).toBe(true);
    expect(boundProblem(-2_000_000, readingBound('celsius'))).toBe('tooSmall');
    expect(boundProblem(-300, readingBound('celsius'))).toBe('tooSmall');
    expect(boundProblem(-18, readingBound('celsius'))).toBeNull();
    expect(boundProblem(15, readingBound('ph'))).toBe('tooLarge');
    expect(fieldBound('pools_audited')).toBe(BOUNDS.poolCount);
    expect(boundProblem(2.5, BOUNDS.poolCount)).toBe('decimals');
  });

  it('reading limits of a template stay within the unit', () => {
    const config = (minValue: number) => ({ options: [{ label: 'Cámara', measure: 'celsius', operation: 'greaterThan', minValue }], placesMeasure: [] });
    expect(ZReadingRegistryConfig.safeParse(config(-2_000_000)).success).toBe(false);
    expect(ZReadingRegistryConfig.safeParse(config(-18)).success).toBe(true);
  });

  it('a select option score is bounded', () => {
    expect(ZSelectOption.safeParse({ label: 'Sí', color: '#00aa00', score: 1e9 }).success).toBe(false);
  });

  it('typed numbers take a comma or a point and never an exponent', () => {
    expect(parseTypedNumber('12,5')).toBe(12.5);
    expect(parseTypedNumber('12.5')).toBe(12.5);
    expect(parseTypedNumber('1e9')).toBeNaN();
    expect(parseTypedNumber('')).toBeNull();
  });
});
