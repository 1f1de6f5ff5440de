/** The `:id` of a stored record in an admin route (an error report, a submission, an access record). */
import { z } from 'zod';

export const recordIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
