/**
 * devise_token_auth's and devise's English texts (api-contract §1.4; DTA
 * config/locales/en.yml, devise config/locales/en.yml), word for word: clients match on
 * them. Those marked "Ours" are our own.
 */
export const MESSAGES = {
  badCredentials: "Invalid login credentials. Please try again.",
  // No final period: that is how devise_token_auth words it.
  notConfirmed: (email: string) =>
    `A confirmation email was sent to your account at '${email}'. You must follow the instructions in the email before your account can be activated`,
  locked:
    "Your account has been locked due to an excessive number of unsuccessful sign in attempts.",
  signInGet: "Use POST /sign_in to sign in. GET is not supported.",
  signOutNotFound: "User was not found or was not logged in.",
  invalidToken: "Invalid login credentials",
  missingEmail: "You must provide an email address.",
  missingRedirectUrl: "Missing redirect URL.",
  redirectNotAllowed: (url: string) => `Redirect to '${url}' not allowed.`,
  userNotFound: (email: string) => `Unable to find user with email '${email}'.`,
  passwordSent: (email: string) =>
    `An email has been sent to '${email}' containing instructions for resetting your password.`,
  confirmationSent: (email: string) =>
    `An email has been sent to '${email}' containing instructions for confirming your account.`,
  unlockSent: (email: string) =>
    `An email has been sent to '${email}' containing instructions for unlocking your account.`,
  unauthorized: "Unauthorized",
  missingPasswords: "You must fill out the fields labeled 'Password' and 'Password confirmation'.",
  passwordNotRequired: (provider: string) =>
    `This account does not require a password. Sign in using your '${provider}' account instead.`,
  passwordUpdated: "Your password has been successfully updated.",
  signUpDataMissing: "Please submit proper sign up data in request body.",
  missingConfirmSuccessUrl: "Missing 'confirm_success_url' parameter.",
  accountUpdateDataMissing: "Please submit proper account update data in request body.",
  accountNotFound: "User not found.",
  /** Ours (devise_invitable says "The invitation token provided is not valid!"): for every
   *  token that is not a pending, unexpired invitation (docs/api-registration-invitations.md). */
  invitationInvalid: "Invitation token is invalid or has expired.",
  /** api-contract "Our decisions": the refusal of product-spec §8. */
  wrongCenter: "wrong center",
  /** Ours (docs/decisions.md, Auth): spec §1 'Inactive users are not allowed'. */
  notActive: "Your account is not active.",
  /** Ours: the rate limit (docs/decisions.md, Auth). */
  tooManyAttempts: "Too many attempts. Try again later.",
  /** Ours: an admin signed in as someone else does not set that person's password. */
  notWhileImpersonating: "Not allowed while signed in as another user.",
} as const;
