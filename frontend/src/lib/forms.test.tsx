import { act, renderHook } from "@testing-library/react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readError } from "./api-client";
import { showFormError } from "./forms";

afterEach(() => vi.restoreAllMocks());

describe("the API client's error mapping", () => {
  it("keeps a validation message's words and its field apart", () => {
    const error = readError(400, {
      code: "BAD_REQUEST",
      message: "body.password: Password must be at least 6 characters",
      msg: "body.password: Password must be at least 6 characters",
      field: "body.password",
    });
    expect(error.message).toBe("Password must be at least 6 characters");
    expect(error.bodyField).toBe("password");
    expect(readError(404, { message: "Tracker not found" }).message).toBe("Tracker not found");
  });
});

describe("showFormError", () => {
  function aForm() {
    return renderHook(() => useForm({ defaultValues: { email: "", name: "" } })).result;
  }

  it("puts a field error beside its field once, in words, and shows no toast", () => {
    const form = aForm();
    const toasts = vi.spyOn(toast, "error");
    act(() =>
      showFormError(
        form.current,
        readError(400, { message: "body.newUser.email: Invalid Email", field: "body.newUser.email" }),
        { fields: { "newUser.email": "email" } },
      ),
    );
    expect(form.current.getFieldState("email").error?.message).toBe("Invalid Email");
    expect(toasts).not.toHaveBeenCalled();
  });

  it("shows an error about no field of the form as one toast", () => {
    const form = aForm();
    const toasts = vi.spyOn(toast, "error");
    act(() =>
      showFormError(form.current, readError(409, { message: "User with this Email Already Exists" })),
    );
    act(() =>
      showFormError(form.current, readError(400, { message: "body.user: nope", field: "body.user" })),
    );
    expect(toasts.mock.calls.map((call) => call[0])).toEqual(["User with this Email Already Exists", "nope"]);
    expect(form.current.getFieldState("email").error).toBeUndefined();
  });
});
