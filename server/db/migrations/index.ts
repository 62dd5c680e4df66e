/** Every migration, in order. A new migration is a new file in this folder and a line here. */
import { CreatePlatformSchema1763700000000 } from './1763700000000-CreatePlatformSchema.ts';

export const migrations = [CreatePlatformSchema1763700000000];
