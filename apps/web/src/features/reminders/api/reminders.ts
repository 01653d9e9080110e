import {
  API,
  MessageOnly,
  ReminderLogRow,
  ReminderPreview,
  ReminderSettings,
  RunRemindersResponse,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

const get = <T extends z.ZodType>(schema: T, path: string, managingAgentId: number, signal: AbortSignal) =>
  apiFetch<unknown>(path, { query: { managingAgentId }, signal }).then((data) => parsed(schema, data));

export const reminderSettingsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['reminders', managingAgentId, 'settings'] as const,
    queryFn: ({ signal }) => get(ReminderSettings, API.charges.reminderSettings, managingAgentId, signal),
  });
export const reminderPreviewQuery = (managingAgentId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['reminders', managingAgentId, 'preview'] as const,
    queryFn: ({ signal }) => get(ReminderPreview, API.charges.reminderPreview, managingAgentId, signal),
    enabled,
  });
export const reminderLogQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['reminders', managingAgentId, 'log'] as const,
    queryFn: ({ signal }) => get(z.array(ReminderLogRow), API.charges.reminderLog, managingAgentId, signal),
  });

export async function saveReminderSettings(body: {
  managingAgentId: number;
  Active: boolean;
  Days: number[];
  Template: string;
  MinBalance: string;
  SmsPrice: string;
}) {
  return parsed(MessageOnly, await apiFetch<unknown>(API.charges.reminderSettings, { method: 'POST', body }));
}
export async function runReminders(managingAgentId: number) {
  return parsed(
    RunRemindersResponse,
    await apiFetch<unknown>(API.charges.runReminders, { method: 'POST', body: { managingAgentId } }),
  );
}
