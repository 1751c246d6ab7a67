import { dataClients, sessionMayExist } from '../../../../lib/clients';
import { dataOrThrow } from '../../../../lib/errors';
import { writeOwnerFlag } from './browser-state';

/**
 * GET /api/user-stories/owner → { isOwner } for the signed-in account (is_app_owner()), and keeps the
 * browser's owner flag in step: set for an owner, cleared for a signed-in non-owner. Anonymous
 * visitors (no session cookie) get false without a call, and their flag is left as it is (it only
 * reveals controls the server refuses).
 */
export async function getOwnerStatus(): Promise<{ isOwner: boolean }> {
  if (!sessionMayExist()) return { isOwner: false };
  const { db } = await dataClients();
  const isOwner = dataOrThrow(await db.rpc('is_app_owner', {}, { get: true })) === true;
  writeOwnerFlag(isOwner);
  return { isOwner };
}
