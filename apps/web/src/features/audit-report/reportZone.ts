import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE } from '@audit/domain/dates';

/** The audit's time zone (its establishment's) for the report's dates saved as instants (dateValueText). */
export const ReportZone = createContext<string>(DEFAULT_TIME_ZONE);
export const useReportZone = () => useContext(ReportZone);
