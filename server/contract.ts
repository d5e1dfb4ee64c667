/** Short names for the generated contract types (contract/generated/openapi.ts), so modules never restate them. */
import type { components } from '../contract/generated/openapi.js';

export type Schemas = components['schemas'];
export type SearchRequest = Schemas['SearchRequest'];
export type SearchResponse = Schemas['SearchResponse'];
export type SearchHotel = Schemas['SearchHotel'];
export type SearchRate = Schemas['SearchRate'];
export type HotelRequest = Schemas['HotelRequest'];
export type HotelResponse = Schemas['HotelResponse'];
export type HotelRoom = Schemas['HotelRoom'];
export type HotelRate = Schemas['HotelRate'];
export type Availability = NonNullable<Schemas['Availability']>;
export type BookingRequest = Schemas['BookingRequest'];
export type BookingResponse = Schemas['BookingResponse'];
export type BookhashRequest = Schemas['BookhashRequest'];
export type BookingOverviewResponse = Schemas['BookingOverviewResponse'];
export type BookingOverviewItem = Schemas['BookingOverviewItem'];
export type BookingDetail = Schemas['BookingDetail'];
export type RetrieveBookingResponse = Schemas['RetrieveBookingResponse'];
export type CancelResponse = Schemas['CancelResponse'];
export type BookingStatus = Schemas['BookingStatus'];
export type Meal = Schemas['Meal'];
export type ErrorResponse = Schemas['ErrorResponse'];
