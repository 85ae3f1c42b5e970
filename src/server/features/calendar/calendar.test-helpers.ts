import { calendarAdapters } from '../posts/index.ts';

// The calendar_events service of docs/product/services.md#calendar-events as its tests call it:
// the calendar's reads, and the create, update, delete and schedule that the posts feature
// answers at the calendar's routes (docs/decisions/087).

export * from './calendar.service.ts';
export const { createEvent, deleteEvent, scheduleEvent, updateEvent } = calendarAdapters;
