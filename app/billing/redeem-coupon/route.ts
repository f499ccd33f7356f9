import { redeemContract, redeemHandler } from "@/app/coupons/redeem/redeem-contract";
import { withApp } from "@/lib/api/app-api";

export const dynamic = "force-dynamic";

export const POST = withApp(redeemContract("redeemBillingCoupon", "billing"), redeemHandler);
