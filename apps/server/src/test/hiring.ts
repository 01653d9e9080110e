import type { FastifyInstance } from 'fastify';

type Auth = { authorization: string };

/** Small wrappers over the hiring calls, answering the raw response. */
export function hiringCalls(app: FastifyInstance) {
  const patch = (url: string, headers: Auth, payload: object) => app.inject({ method: 'PATCH', url, headers, payload });
  return {
    send: (auth: Auth, AgentNo: number, UserNo: number) =>
      app.inject({ method: 'POST', url: '/api/usermanagement/sendhireoffertouser', headers: auth, payload: { AgentNo, UserNo } }),
    revoke: (auth: Auth, AgencyUserHireOfferNo: number, AgentNo: number, UserNo: number) =>
      patch('/api/usermanagement/revokeusershiringoffer', auth, { AgencyUserHireOfferNo, AgentNo, UserNo }),
    received: (auth: Auth, userNo: number) =>
      app.inject({ method: 'GET', url: `/api/usermanagement/getuserspendinghiringoffersrecievedbyuser?userNo=${userNo}`, headers: auth }),
    sent: (auth: Auth, AgentNo: number) =>
      app.inject({ method: 'GET', url: `/api/agent/getagentspendinghiringofferssent?AgentNo=${AgentNo}`, headers: auth }),
    accept: (auth: Auth, AgencyUserHireOfferNo: number, UserNo: number, AgentId: number) =>
      patch('/api/usermanagement/accepthiringOffer', auth, { AgencyUserHireOfferNo, UserNo, AgentId }),
    reject: (auth: Auth, AgencyUserHireOfferNo: number, UserNo: number, DeclineReason?: string) =>
      patch('/api/usermanagement/rejecthiringOffer', auth, { AgencyUserHireOfferNo, UserNo, DeclineReason }),
    terminate: (auth: Auth, offerId: number, userNo: number, contractEndedBy?: string) =>
      patch('/api/usermanagement/terminateagenthiringcontract', auth, { offerId, userNo, contractEndedBy }),
    toggle: (auth: Auth, AgencyUserHireOfferId: number, UserNo: number, status: '0' | '1') =>
      patch('/api/agent/toggleuseractivatedstatebyadminuser', auth, { AgencyUserHireOfferId, UserNo, NewManagingAgentLoginStatus: status }),
    availability: (auth: Auth, available: 0 | 1) => patch('/api/usermanagement/changeuseravailabilityforwork', auth, { available }),
    users: (auth: Auth, managingId: number) =>
      app.inject({ method: 'GET', url: `/api/agent/getagentusersbyagentadminuser?managingId=${managingId}`, headers: auth }),
    getUser: (auth: Auth, AgentNo: number, query: string) =>
      app.inject({ method: 'GET', url: `/api/usermanagement/getuser?AgentNo=${AgentNo}&${query}`, headers: auth }),
  };
}

/** The id of the offer the account just sent to the user, read from the user's side. */
export async function offerIdFor(app: FastifyInstance, auth: Auth, userNo: number, agentId: number): Promise<number> {
  const res = await hiringCalls(app).received(auth, userNo);
  const offer = (res.json() as { AgentNo: number; AgencyUserHireOfferId: number }[]).find((o) => o.AgentNo === agentId);
  if (!offer) throw new Error(`no offer from ${agentId} to ${userNo}: ${res.body}`);
  return offer.AgencyUserHireOfferId;
}
