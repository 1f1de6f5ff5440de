/** What a form is told: `stay` closes Log in and Sign up on success instead of opening the navigation. */
export interface AccountFormProps {
  stay?: boolean;
}
