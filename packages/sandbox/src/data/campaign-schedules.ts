/**
 * Campaign end dates set at run time (a test or the local runtime ends a campaign). Google Ads
 * derives `campaign.serving_status` from them: ENDED once the account's today is past the end
 * date (a campaign serves through its end date), else SERVING. The replay is not changed by them.
 * https://developers.google.com/google-ads/api/reference/rpc/v23/CampaignServingStatusEnum.CampaignServingStatus
 */
export class CampaignSchedules {
  private readonly ends = new Map<string, string>();

  private key(platform: string, accountId: string, campaignId: string): string {
    return `${platform}/${accountId}/${campaignId}`;
  }

  /** Sets (or with `undefined` removes) a campaign's last serving day, `yyyy-MM-dd` in the account's zone. */
  end(platform: string, accountId: string, campaignId: string, endDate: string | undefined): void {
    const key = this.key(platform, accountId, campaignId);
    if (endDate === undefined) this.ends.delete(key);
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) throw new RangeError(`bad end date ${endDate}`);
    else this.ends.set(key, endDate);
  }

  /** The campaign's last serving day, if one was set. */
  endDate(platform: string, accountId: string, campaignId: string): string | undefined {
    return this.ends.get(this.key(platform, accountId, campaignId));
  }

  /** Forgets every end date. */
  clear(): void {
    this.ends.clear();
  }
}
