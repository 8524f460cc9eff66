import type { ReportFieldError, ReportType } from '@freight/contracts';

// The messages of reference-freight.md §1.3–1.6 as the product builds them (canonical field names, text
// values in the regulator's units). The wire codec renames tags and types per channel.

/** The platform's identity of the channel (the licence the platform reports under). */
export interface PlatformIdentity {
  name: string;
  creditCode: string;
  permitNumber: string;
}

export type BuildResult<M> = { ok: true; message: M } | { ok: false; errors: ReportFieldError[] };

/** Gross mass at or under which the ≤ 4.5 t substitutions apply (kg). */
export const LIGHT_VEHICLE_MAX_KG = 4_500;

export interface WaybillMessage {
  originalDocumentNumber?: string;
  shippingNoteNumber?: string;
  serialNumber?: string;
  vehicleAmount?: string;
  transportTypeCode?: string;
  businessTypeCode?: string;
  sendToProDateTime?: string;
  carrier?: string;
  unifiedSocialCreditIdentifier?: string;
  permitNumber?: string;
  consignmentDateTime?: string;
  despatchActualDateTime?: string;
  goodsReceiptDateTime?: string;
  consignorInfo: {
    consignor?: string;
    consignorId?: string;
    placeOfLoading?: string;
    countrySubdivisionCode?: string;
  };
  consigneeInfo: {
    consignee?: string;
    consigneeId?: string;
    goodsReceiptPlace?: string;
    countrySubdivisionCode?: string;
  };
  totalMonetaryAmount?: string;
  vehicleInfo: Array<{
    vehiclePlateColorCode?: string;
    vehicleNumber?: string;
    despatchActualDateTime?: string;
    goodsReceiptDateTime?: string;
    placeOfLoading?: string;
    loadingCountrySubdivisionCode?: string;
    goodsReceiptPlace?: string;
    receiptCountrySubdivisionCode?: string;
    driver: Array<{ driverName?: string; drivingLicense?: string }>;
    goodsInfo: Array<{
      descriptionOfGoods?: string;
      cargoTypeClassificationCode?: string;
      goodsItemGrossWeight?: string;
    }>;
  }>;
  actualCarrierInfo: {
    actualCarrierName?: string;
    actualCarrierId?: string;
    actualCarrierBusinessLicense?: string;
  };
  insuranceInformation: { policyNumber?: string; insuranceCompanyCode?: string };
  remark?: string;
}

export interface FundFlowMessage {
  documentNumber?: string;
  sendToProDateTime?: string;
  carrier?: string;
  actualCarrierId?: string;
  vehicleNumber?: string;
  vehiclePlateColorCode?: string;
  shippingNoteList: Array<{
    shippingNoteNumber?: string;
    serialNumber?: string;
    totalMonetaryAmount?: string;
  }>;
  financiallist: Array<{
    paymentMeansCode?: string;
    recipient?: string;
    receiptAccount?: string;
    bankCode?: string;
    sequenceCode?: string;
    monetaryAmount?: string;
    dateTime?: string;
  }>;
  remark?: string;
}

export interface VehicleMessage {
  vehicleNumber?: string;
  vehiclePlateColorCode?: string;
  vehicleType?: string;
  owner?: string;
  useCharacter?: string;
  vin?: string;
  issuingOrganizations?: string;
  registerDate?: string;
  issueDate?: string;
  vehicleEnergyType?: string;
  vehicleTonnage?: string;
  grossMass?: string;
  roadTransportCertificateNumber?: string;
  trailerVehiclePlateNumber?: string;
  remark?: string;
}

export interface DriverMessage {
  driverName?: string;
  drivingLicense?: string;
  vehicleClass?: string;
  issuingOrganizations?: string;
  validPeriodFrom?: string;
  validPeriodTo?: string;
  qualificationCertificate?: string;
  telephone?: string;
  remark?: string;
}

export interface LocationMessage {
  vehicleNumber?: string;
  vehiclePlateColorCode?: string;
  shippingNoteNumber?: string;
  serialNumber?: string;
  locationList: Array<{
    dateTime?: string;
    longitude?: string;
    latitude?: string;
    speed?: string;
    direction?: string;
  }>;
}

export type AnyMessage = WaybillMessage | FundFlowMessage | VehicleMessage | DriverMessage | LocationMessage;

export interface CanonicalMessage {
  type: ReportType;
  /** What identifies the record at the regulator (note no. + serial, ID no., plate + colour, document no.). */
  businessKey: string;
  content: AnyMessage;
}
