import type { FastifyInstance } from 'fastify';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../shared/text.js';
import { AppError } from '../errors.js';

/** Deep enough for any body the schemas accept; deeper input is refused rather than walked. */
const MAX_DEPTH = 32;

type Finding = { field: string; character: string };

function inspect(value: unknown, field: string, depth: number): Finding | undefined {
  if (typeof value === 'string') {
    const character = forbiddenCharacter(value);
    return character ? { field, character } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) throw new AppError(400, 'The request is nested too deeply');
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = inspect(entry, field, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, entry] of Object.entries(value)) {
    const keyCharacter = forbiddenCharacter(key);
    if (keyCharacter) return { field: 'A field name', character: keyCharacter };
    const found = inspect(entry, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * One check for every route, before validation and before any query: text in the path, the query
 * string and the JSON body may not carry NUL or other control characters (tab and line breaks
 * excepted) or lone surrogates (shared/text.ts). PostgreSQL would refuse NUL with an error that
 * used to surface as a 500; now the client learns which field is wrong, with a 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Synchronous (a throw becomes the error answer): no promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      inspect(request.params, 'The address', 0) ??
      inspect(request.query, 'The query', 0) ??
      inspect(request.body, 'The request', 0);
    if (found) {
      const field = found.field.charAt(0).toUpperCase() + found.field.slice(1);
      throw new AppError(400, forbiddenCharacterMessage(field, found.character));
    }
    done();
  });
}
