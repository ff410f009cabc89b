/**
 * Where this server process is in its life: once its stop has begun it is draining, its
 * readiness answers 503 and each answer closes its connection (server.ts, `stopGracefully`).
 */
export class Lifecycle {
  isDraining = false;
}
