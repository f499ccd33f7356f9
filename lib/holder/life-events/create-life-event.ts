import type { DbClient } from "../../db";
import { newId } from "../../ids";
import { getProfileOrThrow } from "../get-profile-or-throw";
import type { CreateLifeEventInput } from "./life-event-schema";
import { dayToDate } from "./serialize";

export async function createLifeEvent(db: DbClient, userId: string, input: CreateLifeEventInput) {
  const profile = await getProfileOrThrow(db, userId);
  return db.lifeEvent.create({
    data: {
      id: newId("lifeEvent"),
      profileId: profile.id,
      kind: input.kind,
      title: input.title,
      organization: input.organization ?? null,
      location: input.location ?? null,
      description: input.description ?? null,
      startDate: dayToDate(input.start_date) ?? null,
      endDate: dayToDate(input.end_date) ?? null,
      source: "manual",
    },
  });
}
