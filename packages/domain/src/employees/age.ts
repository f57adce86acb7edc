import { todayInZone } from '../dates.js';
import { isOldEnough } from '../validators.js';

/**
 * "Birth date must make the user over 16" (product document section 5; calls document section 9,
 * minimum age 16), for an employee: on the company's calendar day in its time zone, so a birthday
 * turns at local midnight, not at UTC's. `now` defaults to the clock.
 */
export const isEmployeeOldEnough = (birthday: string, timeZone: string, now: Date = new Date()) => isOldEnough(birthday, todayInZone(timeZone, now));
