import { AUDIT_RISK_COLORS, RISK_COLORS } from '@audit/domain/constants';
import { COLORS } from '../../../platform/pdf/theme.js';

/** Issue risk colours (high red, medium orange, low yellow, infrastructure blue; IE and P1 as high). */
export const riskColor = (level: string) => RISK_COLORS[level as keyof typeof RISK_COLORS] ?? COLORS.muted;
export const auditRiskColor = (risk: string) => AUDIT_RISK_COLORS[risk as keyof typeof AUDIT_RISK_COLORS] ?? COLORS.muted;
