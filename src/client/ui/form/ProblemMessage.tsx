/**
 * The form-wide message for a problem without a field; for unexpected failures it offers "Report
 * this error", which opens the error-report consent pop-up under the form's error name
 * (docs/product/api.md#error-catalogue).
 */
import { useErrorReport } from '../../lib/popups/use-error-report';
import { FormMessage } from './FormMessage';
import type { FormProblem } from './form-problem';
import './form-kit.css';

interface ProblemMessageProps {
  problem: FormProblem | null;
  /** handleLogIn, handleForgotPassword, handleSignUp, handleAvatar… */
  errorName: string;
}

export function ProblemMessage({ problem, errorName }: ProblemMessageProps) {
  const report = useErrorReport();
  if (!problem || problem.field) return null;
  return (
    <FormMessage
      tone="error"
      action={
        'unexpected' in problem ? (
          <button
            type="button"
            className="link-button"
            onClick={() => report(errorName, problem.unexpected)}
          >
            Report this error
          </button>
        ) : undefined
      }
    >
      {problem.message}
    </FormMessage>
  );
}
