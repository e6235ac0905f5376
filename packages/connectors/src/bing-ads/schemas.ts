import * as z from "zod";

/**
 * Response shapes of the Microsoft Advertising REST API (v13). Ids (int64) arrive as strings, but
 * numbers are accepted too; only the fields the connector reads are declared, others pass.
 * https://learn.microsoft.com/en-us/advertising/customer-management-service/customer-management-service-reference
 */
const id = z.union([z.string(), z.number()]).transform((v) => String(v));
const text = z.string().nullish();

/** `POST CustomerManagement/v13/User/Query` (GetUser) answer. */
export const userQuerySchema = z.object({
  User: z
    .object({
      Id: id,
      CustomerId: id.nullish(),
      UserName: text,
      ContactInfo: z.object({ Email: text }).loose().nullish(),
      Name: z.object({ FirstName: text, LastName: text }).loose().nullish(),
    })
    .loose(),
  CustomerRoles: z
    .array(
      z
        .object({
          RoleId: z.number().nullish(),
          CustomerId: id,
          AccountIds: z.array(id).nullish(),
          LinkedAccountIds: z.array(id).nullish(),
        })
        .loose(),
    )
    .nullish(),
});

/** One `AdvertiserAccount`. */
export const advertiserAccountSchema = z
  .object({
    Id: id,
    Name: text,
    Number: text,
    CurrencyCode: text,
    TimeZone: text,
    ParentCustomerId: id.nullish(),
    AccountLifeCycleStatus: text,
  })
  .loose();

/** One `AdvertiserAccount`, as parsed. */
export type AdvertiserAccount = z.infer<typeof advertiserAccountSchema>;

/** `POST CustomerManagement/v13/Accounts/Search` (SearchAccounts) answer. */
export const accountsSearchSchema = z.object({ Accounts: z.array(advertiserAccountSchema).nullish() });

/** `POST CustomerManagement/v13/Account/Query` (GetAccount) answer. */
export const accountQuerySchema = z.object({ Account: advertiserAccountSchema });

/**
 * `POST CampaignManagement/v13/Campaigns/QueryByAccountId` (GetCampaignsByAccountId) answer.
 * `DailyBudget` is a double in the account currency's units (the shared budget's amount when
 * `BudgetId` is set); `BudgetType` is a BudgetLimitType (`DailyBudgetStandard`,
 * `DailyBudgetAccelerated`, `LifetimeBudgetStandard`).
 * https://learn.microsoft.com/en-us/advertising/campaign-management-service/campaign
 */
export const campaignsSchema = z.object({
  Campaigns: z
    .array(
      z
        .object({
          Id: id,
          Name: text,
          Status: text,
          BudgetType: text,
          DailyBudget: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).nullish(),
          BudgetId: id.nullish(),
        })
        .loose(),
    )
    .nullish(),
});

/** One campaign of a GetCampaignsByAccountId answer. */
export type MicrosoftCampaign = NonNullable<z.infer<typeof campaignsSchema>["Campaigns"]>[number];

/** `POST Reporting/v13/GenerateReport/Submit` answer. */
export const submitReportSchema = z.object({ ReportRequestId: z.string().min(1) });

/** `POST Reporting/v13/GenerateReport/Poll` answer; the URL is null when the report has no rows. */
export const pollReportSchema = z.object({
  ReportRequestStatus: z.object({
    Status: z.string(),
    ReportDownloadUrl: z.string().nullish(),
  }),
});

/**
 * GetCampaignsByIds (`POST Campaigns/QueryByIds`) answer: the campaigns asked for, a null entry for
 * an id that is not one. https://learn.microsoft.com/en-us/advertising/campaign-management-service/getcampaignsbyids
 */
export const campaignsByIdsSchema = z.object({
  Campaigns: z.array(campaignsSchema.shape.Campaigns.unwrap().unwrap().element.nullable()).nullish(),
});

/**
 * UpdateCampaigns (`PUT Campaigns`) answer: `PartialErrors`, one per refused campaign (null or
 * empty when every update was taken). https://learn.microsoft.com/en-us/advertising/campaign-management-service/updatecampaigns
 */
export const updateCampaignsSchema = z.object({
  PartialErrors: z
    .array(
      z
        .object({
          Code: z.union([z.number(), z.string()]).nullish(),
          ErrorCode: z.string().nullish(),
          Index: z.number().nullish(),
        })
        .loose()
        .nullable(),
    )
    .nullish(),
});
