/** Every portal JSON route, one file each, keyed by its operation id: contract/portal.ts and this list match exactly. */
import type { PortalOperationId } from '../../../contract/portal.ts';
import type { PortalEndpoint } from '../handler.ts';
import changePassword from './change-password.ts';
import createKey from './create-key.ts';
import deleteKey from './delete-key.ts';
import jobs from './jobs.ts';
import ledger from './ledger.ts';
import listKeys from './list-keys.ts';
import me from './me.ts';
import playgroundDetect from './playground-detect.ts';
import playgroundGrammar from './playground-grammar.ts';
import playgroundHumanize from './playground-humanize.ts';
import playgroundImage from './playground-image.ts';
import playgroundPlagiarism from './playground-plagiarism.ts';
import playgroundVoice from './playground-voice.ts';
import redeliver from './redeliver.ts';
import revokeKey from './revoke-key.ts';
import setPassword from './set-password.ts';
import signIn from './sign-in.ts';
import signOutEverywhere from './sign-out-everywhere.ts';
import signOut from './sign-out.ts';
import signUp from './sign-up.ts';
import usage from './usage.ts';

export const portalEndpoints: { [Op in PortalOperationId]: PortalEndpoint<Op> } = {
  portalChangePassword: changePassword,
  portalCreateKey: createKey,
  portalDeleteKey: deleteKey,
  portalJobs: jobs,
  portalLedger: ledger,
  portalListKeys: listKeys,
  portalMe: me,
  portalPlaygroundDetect: playgroundDetect,
  portalPlaygroundGrammar: playgroundGrammar,
  portalPlaygroundHumanize: playgroundHumanize,
  portalPlaygroundImage: playgroundImage,
  portalPlaygroundPlagiarism: playgroundPlagiarism,
  portalPlaygroundVoice: playgroundVoice,
  portalRedeliver: redeliver,
  portalRevokeKey: revokeKey,
  portalSetPassword: setPassword,
  portalSignIn: signIn,
  portalSignOutEverywhere: signOutEverywhere,
  portalSignOut: signOut,
  portalSignUp: signUp,
  portalUsage: usage,
};
