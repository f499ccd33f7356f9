// Stored with every report so a verdict can be traced to the engine that produced it.
export const ENGINE_VERSION = "credence-forensics/1.0.0";
