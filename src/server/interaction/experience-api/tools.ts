import type { MethodTools } from '../methods/method.js';
import type { signInActions } from '../sign-in-actions.js';
import type { codeSender } from '../verification-code/send-code.js';
import type { InteractionReader } from './call.js';

/** What the Experience API works with: the sign-in pages' tools, a code sender and the interaction reader. */
export interface ExperienceTools extends MethodTools {
  sendCode: ReturnType<typeof codeSender>;
  read: InteractionReader;
  /** Whether the tenant's post-sign-in action refuses the sign-in. */
  postSignInRefuses: ReturnType<typeof signInActions>['postSignInRefuses'];
}
