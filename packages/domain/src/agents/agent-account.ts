import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { AGENT_MESSAGES } from './agent-messages';

export { AGENT_MESSAGES };

/** The create account form (docs/access.md#accounts); Self 1 is a landlord's own account, 0 an agency. */
export const CreateAgentRequest = z.object({
  ClientNo: z.coerce.number().int().positive().optional(),
  Self: z.literal([0, 1], { error: AGENT_MESSAGES.typeRequired }),
  AgentName: z
    .string({ error: AGENT_MESSAGES.nameRequired })
    .trim()
    .min(1, AGENT_MESSAGES.nameRequired)
    .min(LIMITS.agentNameMin, AGENT_MESSAGES.nameShort)
    .max(LIMITS.agentNameMax, AGENT_MESSAGES.nameLong),
  Kra_pin: z
    .string({ error: AGENT_MESSAGES.kraRequired })
    .trim()
    .min(1, AGENT_MESSAGES.kraRequired)
    .max(20, 'Kra pin is too long'),
  Address: z
    .string({ error: AGENT_MESSAGES.addressRequired })
    .trim()
    .min(1, AGENT_MESSAGES.addressRequired)
    .min(LIMITS.addressMin, AGENT_MESSAGES.addressShort)
    .max(LIMITS.addressMax, AGENT_MESSAGES.addressLong),
  // HasOwnProperty is true or false; forms may send it as text.
  HasOwnProperty: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: AGENT_MESSAGES.hasOwnPropertyRequired }),
  ),
});
export type CreateAgentRequest = z.input<typeof CreateAgentRequest>;

export const CreateAgentResponse = z.object({ message: z.string(), AgentId: z.number() });

/** An agent account: Self 1 a landlord's own account, 0 an agency. */
export const Agent = z.object({
  AgentId: z.number(),
  AgentName: z.string(),
  AgentOwnerClientNo: z.number(),
  AgentOwnerName: z.string(),
  Self: z.union([z.literal(0), z.literal(1)]),
});
export type Agent = z.infer<typeof Agent>;

export const AgentByIdQuery = z.object({ agentId: z.coerce.number().int().positive() });

export const AgentsManagedByUserQuery = z.object({
  ClientNo: z.coerce.number().int().positive().optional(),
  UserNo: z.coerce.number().int().positive(),
});

/** Agent accounts of a user: the own account and the one that hired them. */
export const AgentAccountsOfUser = z.object({
  agents: z.object({
    myAgentAccount: z
      .object({ AgentId: z.number(), Self: z.union([z.literal(0), z.literal(1)]), AgentName: z.string() })
      .nullable(),
    managingAgentAccount: z
      .object({
        ManagingAgentId: z.number(),
        ManagingAgentSelf: z.union([z.literal(0), z.literal(1)]),
        ManagingAgentName: z.string(),
        ManagingAgentOwnerName: z.string(),
        AgencyUserHireOfferId: z.number(),
      })
      .nullable(),
  }),
});
export type AgentAccountsOfUser = z.infer<typeof AgentAccountsOfUser>;

/**
 * The Estate Agents Act (Cap 533) details an agency prints on its papers: its
 * registration number with the Estate Agents Registration Board and the year
 * of its annual practising certificate. Blank until the agency gives them.
 */
export const AgencyRegistration = z.object({
  EarbNo: z.string().nullable(),
  PractisingYear: z.number().int().nullable(),
});
export type AgencyRegistration = z.infer<typeof AgencyRegistration>;

export const AgencyRegistrationQuery = z.object({ managingAgentId: z.coerce.number().int().positive() });

/** The newest practising year that may be given: a certificate for next year is issued before it starts. */
const latestPractisingYear = () => new Date().getUTCFullYear() + 1;

export const SaveAgencyRegistrationRequest = z
  .object({
    managingAgentId: z.coerce.number().int().positive(),
    // Empty clears it; the Board's numbers are letters and digits with / or - between.
    EarbNo: z
      .string({ error: AGENT_MESSAGES.earbInvalid })
      .trim()
      .toUpperCase()
      .max(30, AGENT_MESSAGES.earbInvalid)
      .regex(/^$|^[A-Z0-9]+(?:[ /-][A-Z0-9]+)*$/, AGENT_MESSAGES.earbInvalid)
      .transform((v) => (v === '' ? null : v)),
    PractisingYear: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: AGENT_MESSAGES.practisingYearInvalid })
        .int(AGENT_MESSAGES.practisingYearInvalid)
        .min(2000, AGENT_MESSAGES.practisingYearInvalid)
        .refine((y) => y <= latestPractisingYear(), AGENT_MESSAGES.practisingYearInvalid)
        .nullable(),
    ),
  })
  .refine((r) => r.PractisingYear === null || r.EarbNo !== null, {
    path: ['EarbNo'],
    message: AGENT_MESSAGES.practisingYearWithoutNumber,
  });
export type SaveAgencyRegistrationRequest = z.infer<typeof SaveAgencyRegistrationRequest>;
