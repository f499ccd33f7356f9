import { withApp } from "@/lib/api/app-api";
import { redeemContract, redeemHandler } from "./redeem-contract";

export const dynamic = "force-dynamic";

export const POST = withApp(redeemContract("redeemCoupon", "coupons"), redeemHandler);
