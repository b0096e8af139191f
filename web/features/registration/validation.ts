/**
 * The shared schema as a form resolver. Its own chunk: zod is the largest part of the form's code
 * and is only needed once the patient leaves a field or submits (the server validates anyway).
 */
import { schemaResolver } from '@mantine/form';
import { registrationSchema } from '../../../domain/registration';

export const resolveRegistration = schemaResolver(registrationSchema, { sync: true });
