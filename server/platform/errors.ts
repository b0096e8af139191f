/** An error with an HTTP status and a message meant for the user (Romanian). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Trebuie sa va autentificati.',
  forbidden: 'Nu aveti dreptul sa accesati aceasta resursa.',
  notFound: 'Resursa nu a fost gasita.',
  validation: 'Datele trimise nu sunt valide.',
  internal: 'A aparut o eroare, va rugam incercati mai tarziu.',
  unavailable: 'Serviciul este temporar indisponibil, va rugam incercati mai tarziu.',
  tooMany: 'Prea multe cereri. Va rugam asteptati putin si incercati din nou.',
  tooLarge: 'Fisierul sau cererea depaseste dimensiunea maxima permisa.',
  crossOrigin: 'Cererea a fost refuzata (origine necunoscuta).',
  twoFactorRequired:
    'Autentificarea in doi pasi este obligatorie pentru personal. Activati-o din pagina Contul meu.',
} as const;

export const badRequest = (message: string = MESSAGES.validation, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
