import { z } from "zod";

/** A day as the forms send it: YYYY-MM-DD. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day the calendar has: 2024-02-29 yes; 2023-02-29 and 2019-13-45 no (Date.parse rolls the first over). */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A query or form field that must be such a day, refused with the form's message. */
export const calendarDay = (message: string) => z.string().trim().refine(isCalendarDay, message);
