// Every achievement a holder can unlock: a stable key (stored once per user when unlocked), what
// it is called, and the predicate over the holder's state that unlocks it. Keys are never reused
// or renamed: an unlocked row keeps its key forever.
import type { AchievementState } from "./achievement-state";

export interface AchievementDefinition {
  key: string;
  title: string;
  description: string;
  unlocked: (state: AchievementState) => boolean;
}

export const ACHIEVEMENTS = [
  {
    key: "profile_created",
    title: "Hello, world",
    description: "Create your holder profile.",
    unlocked: (s) => s.hasProfile,
  },
  {
    key: "complete_profile",
    title: "Complete profile",
    description: "Fill in your name, headline, bio, location and avatar.",
    unlocked: (s) => s.profileComplete,
  },
  {
    key: "first_credential",
    title: "First credential",
    description: "Add a verified document to your profile.",
    unlocked: (s) => s.credentials >= 1,
  },
  {
    key: "five_credentials",
    title: "Five credentials",
    description: "Hold five verified credentials.",
    unlocked: (s) => s.credentials >= 5,
  },
  {
    key: "first_public_badge",
    title: "Out in the open",
    description: "Publish a credential as a badge anyone can verify.",
    unlocked: (s) => s.profilePublic && s.publicBadges >= 1,
  },
  {
    key: "first_life_event",
    title: "First milestone",
    description: "Add an entry to your timeline.",
    unlocked: (s) => s.lifeEvents >= 1,
  },
  {
    key: "timeline_five",
    title: "A story in five steps",
    description: "Have five entries on your timeline (life events and credentials).",
    unlocked: (s) => s.lifeEvents + s.credentials >= 5,
  },
  {
    key: "study_and_work",
    title: "Study and work",
    description: "Have both an education and a work entry on your timeline.",
    unlocked: (s) => s.lifeEventKinds.has("education") && s.lifeEventKinds.has("work"),
  },
  {
    key: "first_cv_parsed",
    title: "CV read",
    description: "Upload a CV and have it read into your timeline.",
    unlocked: (s) => s.parsedCvs >= 1,
  },
] as const satisfies readonly AchievementDefinition[];

export type AchievementKey = (typeof ACHIEVEMENTS)[number]["key"];
