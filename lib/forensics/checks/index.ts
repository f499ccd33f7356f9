// The checks the pipeline runs, each independent of the others.
import type { Check } from "../context";
import { check as codes } from "./codes";
import { check as content } from "./content";
import { check as metadata } from "./metadata";
import { check as mrz } from "./mrz";
import { check as pdf } from "./pdf";
import { check as pixel } from "./pixel";

export const CHECKS: readonly Check[] = [pdf, metadata, pixel, mrz, codes, content];
